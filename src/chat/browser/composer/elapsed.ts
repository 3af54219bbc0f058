/**
 * A wait as the chat shows it while a reply is pending: minutes and seconds ("0:07", "12:34"),
 * hours only once the wait passes one ("1:02:03"). Digits and colons read the same in every language.
 */
export function formatElapsed(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
