/**
 * Issue 26, round 17 (past19, ask17): replacements said without the words versions are linked by. A new car, a new
 * number said with no subject, a pet adopted after a death, a switch to another named value, "Bristol is home." before
 * a move, a job joined after "left X" filed as the job: the later fact answers for the present.
 */
import { describe, expect, it } from 'vitest';
import { memoryRecord } from '../../helpers/memories.js';
import { fact, order } from './memory-ranking-fixture.js';

const hit = (memory: ReturnType<typeof fact>, similarity: number) => ({ memory, similarity });

describe('replacements said in other words', () => {
  it('puts a new car above the car driven before, not a new car said before it', () => {
    const civic = fact('The user drives a Honda Civic, 2015 model, silver.', 'the user', 'vehicle', '2025-02-14');
    const tesla = fact("The user picked up the user's new Tesla Model 3, the old car went to the user's nephew.", 'the user', null, '2025-12-03');
    expect(order([hit(civic, 0.91), hit(tesla, 0.66)])[0]).toBe(tesla.memory);
    const earlier = fact("The user picked up the user's new Tesla Model 3.", 'the user', null, '2024-12-03');
    expect(order([hit(civic, 0.91), hit(earlier, 0.66)])[0]).toBe(civic.memory);
  });

  it('puts "new number is ..." said with no subject above the number before, not a new thing of another noun', () => {
    const old = fact("The user's mobile number is 07700 900321.", 'the user', 'contact:phone', '2025-05-01');
    const subjectless = (memory: string) => memoryRecord({ memory, subject: null, attribute: null, createdAt: '2025-09-12T10:00:00.000Z', metadata: { date: '2025-09-12' } });
    const changed = subjectless('Changed networks, new number is 07700 900654.');
    expect(order([hit(old, 1), hit(changed, 0.68)])[0]).toBe(changed.memory);
    const other = subjectless('Changed networks, new router arrives Monday.');
    expect(order([hit(old, 1), hit(other, 0.68)])[0]).toBe(old.memory);
  });

  it("puts a dog adopted after a dog's death above the death, not a cat", () => {
    const died = fact("The user's dog Barney passed away.", 'the user', null, '2025-05-14');
    const skye = fact('The user adopted a rescue greyhound called Skye.', 'the user', 'pet:dog', '2025-11-08');
    expect(order([hit(died, 0.865), hit(skye, 0.662)])[0]).toBe(skye.memory);
    const cat = fact('The user adopted a kitten called Miso.', 'the user', 'pet:cat', '2025-11-08');
    expect(order([hit(died, 0.865), hit(cat, 0.662)])[0]).toBe(died.memory);
  });

  it('puts a switch to another named value above the lasting value, when the switch is close to the question too', () => {
    const hsbc = memoryRecord({ memory: 'The user banks with HSBC, have done since uni.', subject: 'the user', attribute: null, isStatic: true, createdAt: '2025-03-08T10:00:00.000Z', metadata: { date: '2025-03-08' } });
    const starling = fact("The user switched the user's current account to Starling in September 2025.", 'the user', null, '2025-10-02');
    expect(order([hit(hsbc, 0.984), hit(starling, 0.393)])[0]).toBe(starling.memory);
    // Far from the question (another thing switched), or said before: no.
    expect(order([hit(hsbc, 0.984), hit(starling, 0.1)])[0]).toBe(hsbc.memory);
    const before = fact("The user switched the user's current account to Starling.", 'the user', null, '2025-01-02');
    expect(order([hit(hsbc, 0.984), hit(before, 0.393)])[0]).toBe(hsbc.memory);
  });

  it('puts a move above "Bristol is home." said before it, not one said after it', () => {
    const home = (date: string) => memoryRecord({ memory: 'Bristol is home.', subject: null, attribute: null, createdAt: `${date}T10:00:00.000Z`, metadata: { date } });
    const moved = fact('The user and others moved to Cardiff at the end of June.', 'the user', 'residence', '2025-07-01');
    expect(order([hit(home('2025-01-05'), 0.63), hit(moved, 0.5)])[0]).toBe(moved.memory);
    expect(order([hit(home('2025-09-05'), 0.63), hit(moved, 0.5)])[0]).toBe('Bristol is home.');
  });

  it('puts the job joined after "left Harbour Law" (filed as the job) above the leaving', () => {
    const left = fact('Anna left Harbour Law.', 'Anna', 'employer', '2025-11-03');
    const joined = fact('Anna joined the council as in-house counsel.', 'Anna', null, '2025-11-04');
    expect(order([hit(left, 0.967), hit(joined, 0.665)])[0]).toBe(joined.memory);
    // Not a club joined as a member after leaving a choir filed as no job.
    const choir = fact('Anna left the choir.', 'Anna', null, '2025-11-03');
    const club = fact('Anna joined the book club as a member.', 'Anna', null, '2025-11-04');
    expect(order([hit(choir, 0.967), hit(club, 0.665)])[0]).toBe(choir.memory);
  });

  it('puts "upgraded to a Pixel 8" above "phone is an iPhone 12" (a product name in mixed case is a value)', () => {
    const iphone = fact("The user's phone is an iPhone 12.", 'the user', 'tool:phone', '2026-02-03');
    const pixel = fact('The user upgraded to a Pixel 8 in the week of 2026-03-09, loving it.', 'the user', null, '2026-03-19');
    expect(order([hit(iphone, 0.956), hit(pixel, 0.472)])[0]).toBe(pixel.memory);
    const again = fact('The user upgraded to a newer iPhone 15.', 'the user', null, '2026-03-19');
    // Naming the older value is another rule's business (a switch from it); not this one's.
    expect(order([hit(iphone, 0.956), hit(fact('The user upgraded to a faster laptop.', 'the user', null, '2026-03-19'), 0.472)])[0]).toBe(iphone.memory);
    expect(order([hit(iphone, 0.956), hit(again, 0.2)])[0]).toBe(iphone.memory);
  });

  it("puts a new contact at the same organisation above another person's relation there, not a new holder of another profession", () => {
    const jonathan = fact("Jonathan Reeves is the user's account manager at Hartley Insurance.", 'Jonathan Reeves', null, '2026-02-10');
    const sue = fact("The user's new contact at Hartley is Sue Park.", 'the user', null, '2026-06-16');
    expect(order([hit(jonathan, 0.794), hit(sue, 0.662)])[0]).toBe(sue.memory);
    const dentist = fact("Sarah Lee is the user's dentist at Smile Clinic.", 'Sarah Lee', null, '2026-02-10');
    const physio = fact("The user's new physio at Smile Clinic is Tom Hart.", 'the user', null, '2026-06-16');
    expect(order([hit(dentist, 0.794), hit(physio, 0.662)])[0]).toBe(dentist.memory);
    const elsewhere = fact("The user's new contact at Aviva is Sue Park.", 'the user', null, '2026-06-16');
    expect(order([hit(jonathan, 0.794), hit(elsewhere, 0.662)])[0]).toBe(jonathan.memory);
  });
});
