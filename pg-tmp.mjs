import fs from 'node:fs'
const src = '/tmp/.pglite-templates/a3b0cb07acf3891f'
const dir = `/tmp/cs/pg-${process.pid}`
const { PGlite } = await import('@electric-sql/pglite')
fs.cpSync(src, dir, { recursive: true })
const extra = process.argv.slice(2).flatMap((s) => ['-c', s])
const mainCpu = () => { const f = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
const c0 = mainCpu(), p0 = process.cpuUsage()
let t = performance.now()
const opts = extra.length ? { startParams: [...PGlite.defaultStartParams ?? [], ...extra] } : {}
const pg = await PGlite.create(dir, opts)
const tCreate = performance.now() - t
const cMain = mainCpu() - c0, cAll = process.cpuUsage(p0)
const sb = (await pg.query('show shared_buffers')).rows[0]
await pg.close()
console.log(process.argv.slice(2).join(' ') || 'default', 'create', tCreate.toFixed(0), 'mainCpu', cMain, 'allCpu', ((cAll.user + cAll.system) / 1000).toFixed(0), JSON.stringify(sb), 'mem', (process.memoryUsage().rss / 1048576).toFixed(0))
fs.rmSync(dir, { recursive: true })
