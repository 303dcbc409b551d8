/** Whether process `pid` exists. Signal 0 probes without signalling; EPERM means it exists but belongs to another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
