/**
 * The browser's idle timer (app/idle/idleTimer.ts) on fake timers: the warning `warningSeconds` before the
 * end the server answered, the end at that time; activity asks the server at most once per ping interval
 * (and not while the warning shows); 'Stay signed in' asks now; a session gone on the server ends it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pingIntervalMs, startIdleTimer, type IdleClock, type IdlePhase } from '../../../app/idle/idleTimer';

const clock = (remainingSeconds: number, idleSeconds = 600, warningSeconds = 60): IdleClock => ({ idleSeconds, warningSeconds, remainingSeconds });

describe('idle timer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  function start(first: IdleClock, answers: (IdleClock | null)[] = []) {
    const phases: IdlePhase['status'][] = [];
    const keepAlive = vi.fn(async () => (answers.length ? answers.shift()! : clock(first.idleSeconds, first.idleSeconds, first.warningSeconds)));
    const onEnd = vi.fn();
    const timer = startIdleTimer(first, { keepAlive, onChange: (p) => phases.push(p.status), onEnd });
    return { timer, keepAlive, onEnd, phases };
  }

  it('warns warningSeconds before the end and ends at the time the server answered', async () => {
    const { timer, onEnd, keepAlive } = start(clock(600));
    expect(timer.phase().status).toBe('active');
    await vi.advanceTimersByTimeAsync(539_000);
    expect(timer.phase().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(timer.phase()).toEqual({ status: 'warning', deadline: 1_000_000 + 600_000 });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(onEnd).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(timer.phase().status).toBe('ended');
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(keepAlive).not.toHaveBeenCalled();
  });

  it('schedules from what is left (a reload late in the session warns at once)', () => {
    const { timer } = start(clock(30));
    expect(timer.phase().status).toBe('warning');
  });

  it('activity asks the server at most once per ping interval, which restarts the schedule', async () => {
    const { timer, keepAlive } = start(clock(600));
    expect(pingIntervalMs(600)).toBe(60_000);
    timer.activity();
    expect(keepAlive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(59_999);
    timer.activity();
    expect(keepAlive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    timer.activity();
    timer.activity();
    expect(keepAlive).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    // The server restarted its clock at the ask (60 s in): the warning now comes 540 s after that.
    await vi.advanceTimersByTimeAsync(539_999);
    expect(timer.phase().status).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(timer.phase().status).toBe('warning');
  });

  it('ignores activity while the warning shows; Stay signed in asks and hides it', async () => {
    const { timer, keepAlive, phases } = start(clock(600));
    await vi.advanceTimersByTimeAsync(541_000);
    expect(timer.phase().status).toBe('warning');
    timer.activity();
    expect(keepAlive).not.toHaveBeenCalled();
    await timer.stay();
    expect(keepAlive).toHaveBeenCalledTimes(1);
    expect(timer.phase().status).toBe('active');
    expect(phases).toEqual(['active', 'warning', 'active']);
  });

  it('ends when the server says the session is gone, or when its time is up before an answer', async () => {
    const gone = start(clock(600), [null]);
    await vi.advanceTimersByTimeAsync(541_000);
    await gone.timer.stay();
    expect(gone.onEnd).toHaveBeenCalledTimes(1);
    expect(gone.timer.phase().status).toBe('ended');
    const late = start(clock(10, 10, 5));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(late.onEnd).toHaveBeenCalledTimes(1);
    await late.timer.stay();
    expect(late.keepAlive).not.toHaveBeenCalled();
  });

  it('keeps its schedule when an ask fails (offline); the next activity asks again', async () => {
    const keepAlive = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(clock(600));
    const timer = startIdleTimer(clock(600), { keepAlive, onChange: () => undefined, onEnd: () => undefined });
    await vi.advanceTimersByTimeAsync(60_000);
    timer.activity();
    await vi.advanceTimersByTimeAsync(0);
    timer.activity();
    expect(keepAlive).toHaveBeenCalledTimes(2);
  });
});
