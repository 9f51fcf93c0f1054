// Ajustes → Normativa de MH as an administrator meets it, keyboard first at 1366×768: a switch to the Normativa DTE
// v2.0 scheduled for a future instant, refused beside the field when the instant is past, shown on the sync screen
// with its date, then taken back so the shared demo station stays on the legacy normative for the other specs.
import { expect, test, type Page } from '@playwright/test';
import { checkScreen, login } from './helpers';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name, exact: true }).click();

test('an administrator schedules the 2026 normative; the sync screen shows it; the schedule is taken back', async ({ page }) => {
  await login(page);
  await nav(page, 'Ajustes');
  const panel = page.getByTestId('normative-panel');
  await expect(panel.getByTestId('normative-now')).toContainText(
    'Vigente ahora: Normativa anterior (esquemas 2023). No hay cambio programado.',
  );

  // Keyboard: the normative stays, the box to schedule is ticked with Space, then the date.
  await panel.getByLabel('Normativa vigente').focus();
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Programar el cambio a la otra normativa')).toBeFocused();
  await page.keyboard.press('Space');
  const when = panel.getByLabel('Fecha y hora del cambio (hora de El Salvador)');
  // A past instant would re-date documents already issued: refused, beside the field.
  await when.fill('01/01/2020 00:00');
  await when.press('Enter');
  await expect(panel.locator('#normative-switch-at-error')).toHaveText('El cambio de normativa se programa para un momento futuro.');
  await expect(when).toHaveAttribute('aria-invalid', 'true');

  await when.fill('01/01/2030 00:00');
  await when.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Normativa guardada.');
  await expect(panel.getByTestId('normative-now')).toContainText('Cambia a Normativa DTE v2.0 (2026) el 01/01/2030');
  await checkScreen(page, 'normative-settings', { fullPage: false });

  await nav(page, 'Envío a MH');
  const shown = page.getByTestId('sync-normative');
  await expect(shown).toContainText('Normativa anterior (esquemas 2023)');
  await expect(shown).toContainText('cambia a Normativa DTE v2.0 (2026) el 01/01/2030');
  await checkScreen(page, 'sync-normative', { fullPage: false });

  // Taken back: nothing scheduled, the demo station issues as before.
  await nav(page, 'Ajustes');
  await panel.getByLabel('Programar el cambio a la otra normativa').uncheck();
  await panel.getByRole('button', { name: 'Guardar normativa' }).press('Enter');
  await expect(panel.getByTestId('normative-now')).toContainText('No hay cambio programado.');
});
