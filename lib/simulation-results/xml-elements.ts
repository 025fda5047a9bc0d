import { ResultFormatError } from './result-mesh'

/**
 * The elements of VTK's XML files (.vtu, .vtp, .pvd): tags, attributes and the text inside. A small
 * scanner, as these files hold no entities, namespaces or mixed content a general XML parser is for.
 */
export interface Element {
  name: string
  attributes: Record<string, string>
  children: Element[]
  /** The text inside (a DataArray's ASCII or base64 numbers). */
  text: string
}

/** Elements, their attributes and text, from the XML part of the file. */
export function parseElements(xml: string): Element[] {
  const roots: Element[] = []
  const stack: Element[] = []
  const tag = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<\?[^>]*\?>|<!--[\s\S]*?-->/g
  let last = 0
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    if (stack.length) stack[stack.length - 1]!.text += xml.slice(last, match.index)
    last = tag.lastIndex
    const [, closing, name, attributeText, selfClosing] = match
    if (!name) continue
    if (closing) {
      if (stack.at(-1)?.name !== name) throw new ResultFormatError(`The XML is malformed near </${name}>`)
      stack.pop()
      continue
    }
    const element: Element = { name, attributes: attributesOf(attributeText ?? ''), children: [], text: '' }
    ;(stack.length ? stack[stack.length - 1]!.children : roots).push(element)
    if (!selfClosing) stack.push(element)
  }
  return roots
}

function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = m[2] ?? m[3] ?? ''
  return out
}

