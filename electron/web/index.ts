/** Browser-mode web host: the built renderer and the bridge over loopback HTTP. */
export { startWebHost, type WebHost } from './web-host';
export { isPortInUseError } from './port-in-use-error';
export { isAddressInUse } from './address-in-use';
