/** Text-like files and WebAssembly, worth compressing; images, video and WOFF/WOFF2 fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|data|ttf|otf|map|wasm)$/i

/** A text-like file, which the build also writes compressed (if it is large enough). */
export const isCompressible = (fileName: string) => COMPRESSIBLE.test(fileName)
