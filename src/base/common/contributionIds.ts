/** Ids the manifest (package.json) declares and the code registers; a unit test checks they match. */
export const PARTICIPANT_ID = 'clusterchat.cluster';
export const LANGUAGE_MODEL_VENDOR = 'cluster-chat';
