/**
 * The message left by the photo update for the profile page (spec §2: "shown at the top"). The photo
 * page keeps it (`rememberProfileMessage`); the profile page takes it once, for its machine's input.
 */
let kept: string | null = null

export function remember(message: string): void {
  kept = message
}

/** The kept message, `null` when none; it is cleared once read. */
export function take(): string | null {
  const message = kept
  kept = null
  return message
}
