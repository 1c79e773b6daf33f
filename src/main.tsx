import './ui/theme.css'
import { startApp } from './app'
import { preparePage, registerServiceWorker } from './page'

// Every page but /login, which starts from its own entry (src/signIn.tsx).
preparePage()
await startApp()
void registerServiceWorker()
