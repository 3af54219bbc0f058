import { emulatorFromEnvironment } from '../testEnvironment';

/** The request bodies the emulator received (it keeps the last 50) that hold `marker`, as they arrived. */
export async function receivedBodiesWith(marker: string): Promise<string[]> {
  const response = await fetch(`${emulatorFromEnvironment().baseUrl}/_emulator/received`);
  const { requests } = (await response.json()) as { requests: { bodyBase64: string }[] };
  return requests.map((request) => Buffer.from(request.bodyBase64, 'base64').toString('utf8')).filter((raw) => raw.includes(marker));
}

/** How many tickets the emulator's create-ticket action has made: the side effect an action phrase fires. */
export async function ticketsCreated(): Promise<number> {
  const response = await fetch(`${emulatorFromEnvironment().baseUrl}/_emulator/stats`);
  return ((await response.json()) as { sideEffects: { ticketsCreated: number } }).sideEffects.ticketsCreated;
}
