import './zod-jitless'
import { createApp, ref } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import './styles.css'
import { registerOfflineSupport } from './pwa'
import { watchSystems } from './backends/systems'

// Rule systems arrive one chunk at a time (backends/systems.ts): whatever the page worked out from the
// list of loaded systems is worked out again when one arrives.
const loadedSystems = ref(0)
watchSystems({
  read: () => void loadedSystems.value,
  changed: () => void loadedSystems.value++,
})

createApp(App).use(createPinia()).mount('#app')
registerOfflineSupport()
