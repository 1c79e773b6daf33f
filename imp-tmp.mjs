import { register } from 'node:module'
import fs from 'node:fs'
register('/work/wt/coldstart/server/packages-as-published.ts', import.meta.url)
const mainCpu = () => { const f = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
const c0 = mainCpu()
const t0 = performance.now()
for (const m of process.argv.slice(2)) await import(m.startsWith('.') ? new URL(m, 'file:///work/wt/coldstart/').href : m)
console.log(process.argv.slice(2).join(' '), (performance.now() - t0).toFixed(0), 'main cpu', mainCpu() - c0)
