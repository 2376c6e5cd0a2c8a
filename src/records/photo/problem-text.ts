import { t } from '../../i18n';
import { MAX_PHOTO_FILE_BYTES } from './photo-limits';
import type { PhotoProblem } from './photo-result';

/** The file size limit as staff read it: "20" (MB as their computer counts them). */
const LIMIT_MB = MAX_PHOTO_FILE_BYTES / (1024 * 1024);

/** Why a file was not taken, in a sentence that says what to do instead. */
export function photoProblemText(problem: PhotoProblem): string {
  switch (problem) {
    case 'too-large':
      return t('photo.problem.tooLarge', { limit: LIMIT_MB });
    case 'unreadable':
      return t('photo.problem.unreadable');
    case 'not-an-image':
      return t('photo.problem.notAnImage');
  }
}
