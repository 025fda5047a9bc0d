import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import c from 'highlight.js/lib/languages/c'
import cpp from 'highlight.js/lib/languages/cpp'
import csharp from 'highlight.js/lib/languages/csharp'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import fortran from 'highlight.js/lib/languages/fortran'
import go from 'highlight.js/lib/languages/go'
import ini from 'highlight.js/lib/languages/ini'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import julia from 'highlight.js/lib/languages/julia'
import matlab from 'highlight.js/lib/languages/matlab'
import python from 'highlight.js/lib/languages/python'
import rust from 'highlight.js/lib/languages/rust'
import shell from 'highlight.js/lib/languages/shell'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'

/**
 * The languages a post's code blocks are coloured in: what an engineering consultancy writes about
 * (scripts, solver input, firmware, APIs). highlight.js's core with a chosen list, registered once; a
 * block in another language, or none, is shown plain. Nothing is guessed: auto-detection is slow and
 * often wrong on short snippets.
 */
const languages = { bash, c, cpp, csharp, css, diff, fortran, go, ini, java, javascript, json, julia, matlab, python, rust, shell, sql, typescript, xml, yaml }
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language)

/** The block's code as highlighted HTML (every character of the code escaped), or null when the language is not known. */
export function highlightCode(code: string, language: string): string | null {
  const name = language.trim().toLowerCase()
  if (!name || !hljs.getLanguage(name)) return null
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value
}
