/** Browser-mode web host: the built renderer and the bridge over loopback HTTP. */
export { startWebHost, type WebHost, type WebHostOptions } from './web-host';
export { WebHostError, isWebHostError } from './web-host-error';
