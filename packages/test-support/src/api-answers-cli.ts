import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_ANSWERS_FILE, apiAnswers, apiAnswersText } from './api-answers.js';

// `npm run api:answers`: writes the API's answer schemas from core's types (api-answers.ts).
const root = process.cwd();
const answers = apiAnswers(root);
writeFileSync(join(root, API_ANSWERS_FILE), apiAnswersText(answers));
console.log(
  `${API_ANSWERS_FILE}: ${Object.keys(answers.answers).length} operations, ${Object.keys(answers.schemas).length} named types`,
);
