import { BarController, BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js'
import { whiskerPlugin } from './whisker-plugin'

/** Only the Chart.js pieces in use are registered. Loaded with the first chart (chart-config.ts `loadCharts`). */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend, Filler, whiskerPlugin)

export { Chart }
