/**
 * Debian's Chromium as this machine runs it headless: the network flags stop it from calling home
 * (the machine's closed network refuses those connections). Shared by the e2e suite and the benchmarks.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
