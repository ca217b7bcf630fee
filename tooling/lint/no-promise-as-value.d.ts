import type { Rule } from 'eslint';

/** The rule's types for its test (the rule is plain JavaScript: eslint.config.js imports it). */
declare const rule: Rule.RuleModule;
export default rule;
