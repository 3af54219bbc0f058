// Mocha's spec reporter, plus a JSON file with the final counts (path in CLUSTER_CHAT_MOCHA_STATS).
const fs = require('node:fs');
const Mocha = require('mocha');

class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env.CLUSTER_CHAT_MOCHA_STATS;
      if (file) {
        const { passes, failures, pending } = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
        fs.writeFileSync(file, JSON.stringify({ passes, failures, pending }));
      }
    });
  }
}

module.exports = CountingReporter;
