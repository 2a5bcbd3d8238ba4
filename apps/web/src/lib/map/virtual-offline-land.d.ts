declare module 'virtual:nbr-offline-land' {
  const land: import('./offline-land.ts').OfflineLand;
  export default land;
}
