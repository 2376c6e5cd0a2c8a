import { describe, expect, it } from 'vitest';
import { cameraProblem } from '../../../../../src/records/photo/camera-problem';

const refusal = (name: string): DOMException => new DOMException('refused', name);

describe('why the camera gave no picture', () => {
  it('is a refusal when the user, the system or the app said no', () => {
    expect(cameraProblem(refusal('NotAllowedError'))).toBe('denied');
    expect(cameraProblem(refusal('SecurityError'))).toBe('denied');
  });

  it('is no camera when none is found or none can film', () => {
    expect(cameraProblem(refusal('NotFoundError'))).toBe('missing');
    // Not a DOMException in every browser: the name is what counts.
    expect(cameraProblem({ name: 'OverconstrainedError', constraint: 'width' })).toBe('missing');
  });

  it('is a busy camera when another program holds it', () => {
    expect(cameraProblem(refusal('NotReadableError'))).toBe('busy');
    expect(cameraProblem(refusal('AbortError'))).toBe('busy');
  });

  it('is a failure for anything else', () => {
    expect(cameraProblem(new TypeError('no constraints'))).toBe('failed');
    expect(cameraProblem('no')).toBe('failed');
    expect(cameraProblem(null)).toBe('failed');
  });
});
