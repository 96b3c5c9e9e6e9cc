// The third parties the browser tests talk to, on loopback: a real Bluesky PDS and PLC directory
// (@atproto/dev-env). Started by Playwright before the app, which is pointed at them.
import { TestNetworkNoAppView } from '@atproto/dev-env';
import { peerPorts } from './peers';

const network = await TestNetworkNoAppView.create({
  pds: { port: peerPorts.pds },
  plc: { port: peerPorts.plc },
});
console.log(`Bluesky PDS at ${network.pds.url}, PLC at ${network.plc.url}`);

const stop = async () => {
  await network.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
