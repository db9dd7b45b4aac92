export { InstallHost } from './install-host'
export { InstallMenuEntry } from './install-menu-entry'
