export { decodeQuery, encodeQuery, decodeValue, encodeValue, groupEntries, type GroupsValue } from './codec';
