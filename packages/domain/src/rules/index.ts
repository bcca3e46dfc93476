export * from './rule-model';
export * from './compile-rules';
export * from './rule-changes';
export * from './describe-rule';
