/** The subject of per-IP limits: IPv4 as it is, IPv6 by its /64 prefix. */
import { ipSubject, isLoopback } from '../src/http/client-ip';

test('an IPv4 address is its own subject', () => {
  expect(ipSubject('203.0.113.7')).toBe('203.0.113.7');
  expect(ipSubject('10.0.0.1')).toBe('10.0.0.1');
  expect(ipSubject('203.0.113.7')).not.toBe(ipSubject('203.0.113.8'));
});

test('an IPv4 address mapped into IPv6 counts as that IPv4 address, however it is written', () => {
  for (const mapped of [
    '::ffff:203.0.113.7',
    '::FFFF:203.0.113.7',
    '0:0:0:0:0:ffff:203.0.113.7',
    '::ffff:cb00:7107',
  ]) {
    expect(ipSubject(mapped)).toBe('203.0.113.7');
  }
});

test('IPv6 addresses of one /64 share a subject, in every spelling', () => {
  const subject = ipSubject('2001:db8:1:2::1');
  expect(subject).toBe('2001:db8:1:2::/64');
  for (const sameNetwork of [
    '2001:db8:1:2::2',
    '2001:db8:1:2:ffff:ffff:ffff:ffff',
    '2001:0DB8:0001:0002:0000:0000:0000:0001',
    '2001:db8:1:2:a:b:c:d',
    '2001:db8:1:2:0:0:203.0.113.7',
    '2001:db8:1:2::203.0.113.7',
    '2001:db8:1:2::1%eth0',
    ' 2001:db8:1:2::1 ',
  ]) {
    expect(ipSubject(sameNetwork)).toBe(subject);
  }
});

test('different /64 networks are different subjects, compressed zeros in the prefix included', () => {
  expect(ipSubject('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(ipSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(ipSubject('2001:db8:0:0:1::1')).toBe('2001:db8:0:0::/64');
  expect(ipSubject('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
  expect(ipSubject('2001:db8::1:0:0:1')).toBe('2001:db8:0:0::/64');
  expect(ipSubject('::1')).toBe('0:0:0:0::/64');
  expect(ipSubject('fe80::1')).toBe('fe80:0:0:0::/64');
  expect(ipSubject('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  const subjects = new Set(
    ['2001:db8:1:2::1', '2001:db8:1:3::1', '2001:db8:2:2::1', '2001:db9:1:2::1'].map(ipSubject),
  );
  expect(subjects.size).toBe(4);
});

test('what is not an IP address is returned as it is', () => {
  expect(ipSubject('unknown')).toBe('unknown');
  expect(ipSubject('')).toBe('');
});

test('loopback is 127.0.0.0/8 and ::1 only', () => {
  expect(isLoopback('127.0.0.1')).toBe(true);
  expect(isLoopback('127.8.9.10')).toBe(true);
  expect(isLoopback('::1')).toBe(true);
  expect(isLoopback('10.0.0.1')).toBe(false);
  expect(isLoopback('::ffff:127.0.0.1')).toBe(false);
  expect(isLoopback('1270::1')).toBe(false);
});
