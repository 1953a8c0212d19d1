/** 'Try again in N seconds/minutes' for a wait of `seconds` (rounded up to whole minutes from one minute on). */
export function describeRetryWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 60) return `Try again in ${whole} ${whole === 1 ? 'second' : 'seconds'}.`
  const minutes = Math.ceil(whole / 60)
  return `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}
