package session

// AnswerVersion is the engine's answering version: raised whenever any
// answer for the same input changes (a record, a fold), so that a session
// records which rules answered its log. session.json keeps it as
// "answers"; a session answered by another version is refused by name
// unless opened with --accept-changed, and `rulehost session upgrade`
// re-answers it under the current rules.
//
// TestAnswerVersionFollowsGoldens fails when the goldens of answers
// (testdata/golden, testdata/transcripts, testdata/suites) change and
// this constant did not (testdata/answers-version records both).
//
// 2: issue 30 (dice notation as its users write it, a fake's tell on
// every kind, conditions lifted at the start reported on their owner's
// record). 0 is a session written before versions were recorded.
const AnswerVersion = 2
