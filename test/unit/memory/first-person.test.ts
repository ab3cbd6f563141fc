import { describe, expect, it } from 'vitest';
import { nameFromEntityContext, toThirdPerson } from '../../../src/memory/first-person.js';

const dana = { speaker: 'Dana', listener: 'Sam' };

describe('toThirdPerson', () => {
  it.each([
    ['I am allergic to peanuts.', 'Dana is allergic to peanuts.'],
    ["I'm a nurse and I love my job.", "Dana is a nurse and Dana loves Dana's job."],
    ['I really enjoy hiking with my dog.', "Dana really enjoys hiking with Dana's dog."],
    ["I've lived here for years and I don't regret it.", "Dana has lived here for years and Dana doesn't regret it."],
    ["I'd love to visit Japan.", 'Dana would love to visit Japan.'],
    ["I'd been there before.", 'Dana had been there before.'],
    ["I'll try to watch it.", 'Dana will try to watch it.'],
    ['I went to Paris and it changed me.', 'Dana went to Paris and it changed Dana.'],
    ['I have two kids.', 'Dana has two kids.'],
    ['We went camping and our kids loved it.', 'Dana and others went camping and their kids loved it.'],
    ['You told me about your new job.', "Sam told Dana about Sam's new job."],
    ["You're moving to Berlin.", 'Sam is moving to Berlin.'],
    ['I will call you.', 'Dana will call Sam.'],
    ['I bought myself a bike.', 'Dana bought themselves a bike.'],
  ])('%s', (text, expected) => {
    expect(toThirdPerson(text, dana)).toBe(expected);
  });

  it('names "the user" when the speaker has no name, capitalised at the start', () => {
    expect(toThirdPerson('I live in Lyon; my sister does too.', { speaker: 'the user', listener: null })).toBe("The user lives in Lyon; the user's sister does too.");
  });

  it('gives up on "you" when nobody knows who the listener is', () => {
    expect(toThirdPerson('You should come.', { speaker: 'Dana', listener: null })).toBeNull();
  });
});

describe('nameFromEntityContext', () => {
  it.each([
    ['Dana, a nurse in Lyon', 'Dana'],
    ['Dana Smith is a nurse', 'Dana Smith'],
    ['Dana', 'Dana'],
    ['The user is a nurse', null],
    ['a nurse in Lyon', null],
    [null, null],
  ])('%s', (context, name) => {
    expect(nameFromEntityContext(context)).toBe(name);
  });
});
