import './zod-jitless'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import './styles.css'
import { registerOfflineSupport } from './pwa'

createApp(App).use(createPinia()).mount('#app')
registerOfflineSupport()
