/**
 * Keeps a number with its unit on one line ("33.5 %", "850 °C", "62.5 kN") by joining them with a
 * no-break space, so narrow screens never strand a unit at the start of a line.
 */
const unitAfterNumber = /(\d) (%|°C|°|mm|m²|m³|m\/s|m\b|km\b|kg\/m³|kg\/s|kg|kN·m|kN|N\b|MPa|kPa|Pa\b|kW|K\b|s\b|t\b|L\/100 km|litres|mph|rev\/s)/g

export function typeset(text: string): string {
  return text.replace(unitAfterNumber, '$1\u00a0$2')
}
