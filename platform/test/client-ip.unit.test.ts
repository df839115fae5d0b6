import { ipSubject, isLoopback } from '../src/http/client-ip';

test('an IPv4 address is its own subject, also when a dual-stack socket maps it', () => {
  expect(ipSubject('203.0.113.7')).toBe('203.0.113.7');
  expect(ipSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
});

test('IPv6 addresses count per /64, whatever their spelling', () => {
  const subject = ipSubject('2001:db8:abcd:12::1');
  expect(subject).toBe('2001:db8:abcd:12::/64');
  expect(ipSubject('2001:0db8:ABCD:0012:ffff:ffff:ffff:fffe')).toBe(subject);
  expect(ipSubject('2001:db8:abcd:12:1234:5678:9abc:def0')).toBe(subject);
  expect(ipSubject('2001:db8:abcd:13::1')).not.toBe(subject);
  expect(ipSubject('::1')).toBe('0:0:0:0::/64');
  expect(ipSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  expect(ipSubject('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
});

test('loopback is 127.0.0.0/8 and ::1 only', () => {
  expect(isLoopback('127.0.0.1')).toBe(true);
  expect(isLoopback('127.8.9.10')).toBe(true);
  expect(isLoopback('::1')).toBe(true);
  expect(isLoopback('10.0.0.1')).toBe(false);
  expect(isLoopback('::ffff:127.0.0.1')).toBe(false);
  expect(isLoopback('1270::1')).toBe(false);
});
