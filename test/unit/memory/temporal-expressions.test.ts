import { describe, expect, it } from 'vitest';
import { inferForgetAfter, resolveDates } from '../../../src/memory/temporal-expressions.js';

// Monday 8 May 2023.
const REF = '2023-05-08T13:56:00.000Z';

describe('resolveDates', () => {
  it.each([
    ['I went there yesterday.', 'I went there on 2023-05-07.', ['2023-05-07']],
    ['Yesterday I went swimming.', 'On 2023-05-07 I went swimming.', ['2023-05-07']],
    ['I am off today.', 'I am off on 2023-05-08.', ['2023-05-08']],
    ['I fly out tomorrow.', 'I fly out on 2023-05-09.', ['2023-05-09']],
    ['I quit two days ago.', 'I quit on 2023-05-06.', ['2023-05-06']],
    ['I start in 3 weeks.', 'I start around 2023-05-29.', ['2023-05-29']],
    ['We moved last month.', 'We moved in April 2023.', ['2023-04-01']],
    ['I painted it last year.', 'I painted it in 2022.', ['2022-01-01']],
    ['I was busy last week.', 'I was busy in the week of 2023-05-01.', ['2023-05-01']],
    ['I travel next week.', 'I travel in the week of 2023-05-15.', ['2023-05-15']],
    ['I saw her last Friday.', 'I saw her on 2023-05-05.', ['2023-05-05']],
    ['I met him on Saturday.', 'I met him on 2023-05-06.', ['2023-05-06']],
    ['I have an appointment on Friday.', 'I have an appointment on 2023-05-12.', ['2023-05-12']],
    ['I will call next Tuesday.', 'I will call on 2023-05-16.', ['2023-05-16']],
    ['I slept badly last night.', 'I slept badly on the night of 2023-05-07.', ['2023-05-07']],
    ['I have been sick since yesterday.', 'I have been sick since 2023-05-07.', ['2023-05-07']],
  ])('%s', (text, resolved, dates) => {
    expect(resolveDates(text, REF)).toEqual({ text: resolved, dates });
  });

  it('collects explicit dates and leaves them as written', () => {
    const text = 'Born May 8, 2023, married 8 May 2021, moved 2020-01-31, and my birthday is June 3rd.';
    expect(resolveDates(text, REF)).toEqual({ text, dates: ['2023-05-08', '2021-05-08', '2020-01-31', '2023-06-03'] });
  });

  it('leaves vague expressions, durations, the modal "may" and invalid dates alone', () => {
    for (const text of ['I moved a few days ago.', 'I learned it in two weeks.', 'I may 5 times.', 'It was February 30, 2023.', 'Mondays are hard.']) {
      expect(resolveDates(text, REF)).toEqual({ text, dates: [] });
    }
  });
});

describe('inferForgetAfter', () => {
  it.each([
    ['I am busy this week.', '2023-05-14T23:59:59.999Z'],
    ['I am in Paris until Friday.', '2023-05-12T23:59:59.999Z'],
    ['I am working from home today.', '2023-05-08T23:59:59.999Z'],
    ['I am out tonight.', '2023-05-08T23:59:59.999Z'],
    ['I have guests this month.', '2023-05-31T23:59:59.999Z'],
    ['I am staying with my parents for the next 5 days.', '2023-05-13T23:59:59.999Z'],
    ['I am away until May 20.', '2023-05-20T23:59:59.999Z'],
  ])('%s', (text, end) => {
    expect(inferForgetAfter(text, REF)).toBe(end);
  });

  it('keeps lasting statements and past events', () => {
    expect(inferForgetAfter('I live in Paris.', REF)).toBeNull();
    expect(inferForgetAfter('I went to the gym today.', REF)).toBeNull();
  });
});

describe('recurring times and bare months (issue 26)', () => {
  it.each([
    ['I run 5k every Sunday morning.', 'I run 5k every Sunday morning.', []],
    ['I go to church on Sunday mornings.', 'I go to church on Sunday mornings.', []],
    ['I swim every other Friday.', 'I swim every other Friday.', []],
    ['We got married in June.', 'We got married in June 2022.', ['2022-06-01']],
    ['I am flying to Tokyo in June.', 'I am flying to Tokyo in June 2023.', ['2023-06-01']],
    ['I start my new job in January.', 'I start my new job in January 2024.', ['2024-01-01']],
    ['I moved here last March.', 'I moved here in March 2023.', ['2023-03-01']],
  ])('%s', (text, resolved, dates) => {
    expect(resolveDates(text, REF)).toEqual({ text: resolved, dates });
  });
});
