/**
 * The model viewer's code (three.js, the readers' glue, the tools), loaded once: by the Preview
 * button's press for a model, while the dialog's own code loads, and by the dialog when it shows one.
 */
export function loadModelView() {
  return import('./model-view').then((m) => ({ default: m.ModelView }))
}
