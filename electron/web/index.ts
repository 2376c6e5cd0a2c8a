/** Browser-mode web host: the built renderer and the bridge over loopback HTTP. */
export { startWebHost, type WebHost } from './web-host';
export { DEFAULT_WEB_PORT } from './default-port';
export { WebHostError, isWebHostError } from './web-host-error';
export { PortInUseError, isPortInUseError } from './port-in-use-error';
export { isAddressInUse } from './address-in-use';
