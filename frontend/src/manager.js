// A widget manager over one live kernel: ipywidgets' ManagerBase with the comms of a @jupyterlab/services
// kernel connection (as @jupyter-widgets/jupyterlab-manager does it), and the base and controls widgets only.
import { ManagerBase } from '@jupyter-widgets/base-manager';
import * as base from '@jupyter-widgets/base';
import * as controls from '@jupyter-widgets/controls';

const MODULES = { '@jupyter-widgets/base': base, '@jupyter-widgets/controls': controls };
const TARGET = 'jupyter.widget';

export class WidgetManager extends ManagerBase {
  constructor(kernel) {
    super();
    this.kernel = kernel;
    kernel.registerCommTarget(TARGET, (comm, msg) => this.handle_comm_open(new base.shims.services.Comm(comm), msg));
  }

  /** Every widget the kernel holds, its state asked once through the jupyter.widget.control comm. */
  async loadFromKernel() {
    await this._loadFromKernel();
  }

  async loadClass(className, moduleName) {
    const module = MODULES[moduleName];
    if (module && module[className]) {
      return module[className];
    }
    throw new Error(`${moduleName} ${className} is not a widget this page draws`);
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = this.kernel.createComm(targetName, modelId);
    if (data || metadata) {
      comm.open(data, metadata, buffers);
    }
    return new base.shims.services.Comm(comm);
  }

  async _get_comm_info() {
    const reply = await this.kernel.requestCommInfo({ target_name: TARGET });
    return reply.content.status === 'ok' ? reply.content.comms : {};
  }
}
