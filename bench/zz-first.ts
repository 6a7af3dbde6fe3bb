import { runChatStreamBench } from './chat-stream.ts';
const ok = await runChatStreamBench();
console.log('overall', ok ? 'PASS' : 'FAIL');
