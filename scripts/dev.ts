// `npm run dev`: the reference server on 8080 (API only matters) and Vite with hot reload on 5173,
// which proxies /auth, /api and /__dev to it. `npm run dev:inspect` also opens the inspector.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: process.env }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) => child.on('exit', (code) => (code ? (stop(), process.exit(code)) : undefined)))
