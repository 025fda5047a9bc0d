/** A figure's goal and whether this run met it, printed after the figure. */
export function goal(met: boolean, text: string): string {
  return `goal ${text}: ${met ? 'met' : 'NOT MET'}`
}
