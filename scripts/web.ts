/**
 * `npm run web`: Kennel in browser mode next to the reference service.
 */
import { LaunchOptionsError, USAGE, parseLaunchOptions } from './launch-options';
import { closeOnSignals, exitWithMessage, serveBrowser } from './serve-browser';

try {
  const options = parseLaunchOptions(process.argv.slice(2));
  if (options.help) {
    console.log(`Usage: npm run web -- [options]\n${USAGE}`);
  } else {
    closeOnSignals(await serveBrowser({ ...options, env: process.env }));
  }
} catch (error) {
  if (error instanceof LaunchOptionsError) console.error(USAGE);
  exitWithMessage(error);
}
