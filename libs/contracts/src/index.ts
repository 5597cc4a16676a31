export * from './channels';
export * from './messages';
export * from './statuses';
export * from './limits';
export * from './priorities';
export * from './recipients';
export * from './email-headers';
export * from './event-type-filter';
