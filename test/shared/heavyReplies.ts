// The heavy replies live with the bench, which may not import test/; the DOM tests read them through here.
export { heavyReplies, type HeavyReply } from '../../scripts/bench/heavyReplies';
