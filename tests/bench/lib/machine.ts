import os from 'node:os';

/** What the figures were measured on; numbers are meaningless without it. */
export interface MachineInfo {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string | null;
}

/** Describes this machine; the Chromium version is filled in once a browser has started. */
export function machineInfo(chromium: string | null): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    chromium,
  };
}
