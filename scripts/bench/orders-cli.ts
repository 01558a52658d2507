/**
 * `npm run bench:orders`: the order pipeline and the concurrent streams on their own (both also
 * run in `npm run bench`). `npm run bench:orders -- pipeline` or `-- streams` runs one.
 */
import { benchOrderPipeline, printOrderPipeline } from './order-pipeline';
import { benchStreams, printStreams } from './streams';

const only = process.argv[2];
if (only !== 'streams') printOrderPipeline(await benchOrderPipeline());
if (only !== 'pipeline') printStreams(await benchStreams());
