// The login screen under too many wrong tries. Kept alone in the file that runs last.
import { expect, test } from '@playwright/test';
import { checkScreen } from './helpers';

// Wrong tries lock this address out of the station for a minute, so nothing may log in after it: this file is
// named to run last of the counter's (Playwright runs files in name order with one worker).
test('too many wrong tries: the screen says how long to wait and counts down', async ({ page }) => {
  await page.goto('/');
  const error = page.getByTestId('login-error');
  const password = page.getByLabel('Contraseña o PIN', { exact: true });
  for (let i = 0; i < 12; i += 1) {
    await page.getByLabel('Usuario', { exact: true }).fill('nadie');
    await password.fill(`equivocada-${i}`);
    await page.getByRole('button', { name: 'Entrar (Enter)' }).click();
    // Each answer empties the password for the next try.
    await expect(password).toHaveValue('');
    if ((await error.textContent())?.includes('Espere')) break;
  }
  await expect(error).toContainText(/Demasiados intentos fallidos\. Espere \d+ s y vuelva a intentar\./);
  const button = page.getByRole('button', { name: /^Espere \d+ s$/ });
  await expect(button).toBeDisabled();
  await checkScreen(page, 'login-throttled');
  const first = Number(/\d+/.exec((await button.textContent()) ?? '')?.[0]);
  await expect.poll(async () => Number(/\d+/.exec((await button.textContent()) ?? '')?.[0]), { timeout: 5_000 }).toBeLessThan(first);
});
