// What @jupyterlab/services' kernel connection (lib/kernel/default.js) takes from the package's index, which
// would otherwise bring every service of JupyterLab (contents, sessions, terminals, settings, ...) into the
// bundle: build.mjs points that one import here.
export { ServerConnection } from '@jupyterlab/services/lib/serverconnection';
export { CommsOverSubshells } from '@jupyterlab/services/lib/kernel/comm';
