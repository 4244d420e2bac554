// cardlib's light page frontend: it connects to the page's kernel (Voila started and ran it; the page's
// #jupyter-config-data names it) and draws the page's ipywidgets where Voila wrote their outputs, with
// nothing else of JupyterLab. Voila's own frontend compiles 4 MB of JupyterLab for the same page.
import { KernelConnection } from '@jupyterlab/services/lib/kernel/default';
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';
import { Widget } from '@lumino/widgets';

import { WidgetManager } from './manager';
import { renderOutput } from './outputs';
import { showLost, watchConnection } from './lost';

/** The page's settings as Voila wrote them: its kernel's id, the server's base URL, a token if any. */
function pageConfig() {
  const element = document.getElementById('jupyter-config-data');
  return element ? JSON.parse(element.textContent) : {};
}

/** Remove the loading sign and show the cells (Voila's display_cells, once its theme is "loaded"). */
function showCells() {
  window.themeLoaded = true;
  if (typeof window.display_cells === 'function') {
    window.display_cells();
  }
}

/** The kernel's connection, made through the server this page came from. */
function connect(config) {
  const base = new URL(config.baseUrl || '/', window.location.href);
  const wsUrl = base.href.replace(/^http/, 'ws');
  const serverSettings = ServerConnection.makeSettings({
    baseUrl: base.href, wsUrl, token: config.token || '', appendToken: Boolean(config.token),
  });
  return new KernelConnection({ model: { id: config.kernelId, name: 'python3' }, serverSettings, handleComms: true });
}

/** Each output Voila wrote into the page, drawn in its place. */
async function renderOutputs(manager) {
  const scripts = document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]');
  await Promise.all([...scripts].map(async (script) => {
    const output = JSON.parse(script.textContent);
    const host = script.parentElement;
    script.remove();
    const node = document.createElement('div');
    node.className = 'jp-OutputArea-output';
    host.appendChild(node);
    try {
      const widget = await renderOutput(output, node, manager);
      if (widget) {
        Widget.attach(widget, node);
      }
    } catch (error) {
      console.error('cardlib: an output could not be drawn', error);
      node.textContent = String(error);
    }
  }));
}

async function main() {
  const config = pageConfig();
  if (!config.kernelId) {
    showCells();
    return;
  }
  const kernel = connect(config);
  watchConnection(kernel);
  const manager = new WidgetManager(kernel);
  await kernel.info;  // the kernel answered kernel_info: it is alive and connected
  await manager.loadFromKernel();
  await renderOutputs(manager);
  showCells();
  window.cardlibPage = { kernel, manager };  // for the browser tests and a curious teacher's console
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', () => main().catch(fail));
} else {
  main().catch(fail);
}

function fail(error) {
  console.error('cardlib: the page could not start', error);
  showCells();
  showLost('failed');
  window.cardlibPageFailed = String(error);
}
