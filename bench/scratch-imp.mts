const t = performance.now()
await import('../server/app')
console.log('import server/app', (performance.now() - t).toFixed(0), 'ms')
