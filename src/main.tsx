import './ui/theme.css'
import { startApp } from './app'
import { preparePage, registerServiceWorker } from './page'

// Every page but /login, which starts from its own entry (src/signIn.tsx).
// No top-level `await` in an entry (src/signIn.tsx says why).
preparePage()
void startApp().then(registerServiceWorker)
