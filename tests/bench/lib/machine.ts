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
  /**
   * 1-minute load average when the run started and ended. Figures taken while
   * other work competes for the cores are slower than the code deserves.
   */
  loadAverage: { start: number; end: number };
}

const startLoad = os.loadavg()[0] ?? 0;

/**
 * Describes this machine; call at the end of a run (the start load average is
 * taken when this module is loaded, i.e. when the run starts).
 */
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
    loadAverage: {
      start: Math.round(startLoad * 100) / 100,
      end: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    },
  };
}
