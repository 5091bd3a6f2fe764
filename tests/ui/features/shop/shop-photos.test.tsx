import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../../src/demo/demo-data';
import { emptyJobCard } from '../../../../src/domain/shop/job-card';
import { PHOTO_COUNT_MESSAGES, SHOP_MESSAGES } from '../../../../src/domain/shop/messages';
import { PortError } from '../../../../src/ports/errors';
import { setPhotoResizer } from '../../../../src/ui/features/shop/photos/photo-resizer';
import { seriousA11yViolations } from '../../axe-check';
import { type RenderedApp, renderApp, screen } from '../../render-app';

const OWNER = 'owner01@demo.test';

// jsdom has no canvas, no createImageBitmap and no object URLs: the resizer is replaced (it keeps the
// bytes and says JPEG, and cannot read a file called broken.*), object URLs are names.
let restoreResizer: () => void = () => undefined;
const resized: string[] = [];
let objectUrls = 0;
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
beforeAll(() => {
  restoreResizer = setPhotoResizer(async (image) => {
    const name = (image as File).name ?? '';
    if (name.startsWith('broken')) throw new Error('cannot decode');
    resized.push(name);
    return new Blob([await image.arrayBuffer()], { type: 'image/jpeg' });
  });
  URL.createObjectURL = () => {
    objectUrls += 1;
    return `blob:test/${objectUrls}`;
  };
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  restoreResizer();
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});
afterEach(() => {
  vi.restoreAllMocks();
  resized.length = 0;
});

const photo = (name: string, type = 'image/jpeg') => new File([new Uint8Array(50).fill(7)], name, { type });

async function openNewRepair(): Promise<RenderedApp> {
  const app = await renderApp({ path: '/shop/repairs/new?store=store-sharma-1', signedInAs: OWNER });
  // The first render loads the screen's chunk: give it time.
  await screen.findByRole('heading', { level: 1, name: 'New Repair' });
  return app;
}

const photosInput = () => screen.getByLabelText('Photos') as HTMLInputElement;

async function fillJobCard(app: RenderedApp) {
  await app.user.type(screen.getByLabelText(/^Customer Name/), 'Ravi Kumar');
  await app.user.type(screen.getByLabelText(/^Customer Mobile/), '98765 43210');
  await app.user.selectOptions(screen.getByLabelText(/^Device Type/), 'Mobile');
  await app.user.type(screen.getByLabelText(/^Brand & Model/), 'Samsung Galaxy A14');
  await app.user.click(screen.getByRole('checkbox', { name: 'Screen broken' }));
}

async function repairWithPhotos(app: RenderedApp, count: number): Promise<{ id: string; repairId: string }> {
  const created = await app.services.useCases.shop.createRepair('store-sharma-1', {
    ...emptyJobCard(),
    customerName: 'Ravi Kumar',
    customerMobile: '9876543210',
    deviceType: 'Mobile',
    brandModel: 'Samsung Galaxy A14',
    problems: ['Screen broken'],
    photos: Array.from(
      { length: count },
      (_, i) => new Blob([new Uint8Array(10).fill(i)], { type: 'image/png' }),
    ),
  });
  if (!created.ok) throw new Error('create failed');
  await app.router.navigate({ to: '/shop/repairs/$id', params: { id: created.value.repair.id } });
  await screen.findByRole('heading', { level: 1, name: created.value.repair.repairId });
  return { id: created.value.repair.id, repairId: created.value.repair.repairId };
}

describe("the job card's 'Photos'", () => {
  it('takes photos from the camera or the files, several at once, images only', async () => {
    await openNewRepair();
    const input = photosInput();
    expect(input.type).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    expect(input.multiple).toBe(true);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('resizes what was picked, shows thumbnails, and removes one before sending', async () => {
    const app = await openNewRepair();
    await app.user.upload(photosInput(), [photo('front.jpg'), photo('back.png', 'image/png')]);
    const list = await screen.findByRole('list', { name: 'Photos to upload' });
    expect(resized).toEqual(['front.jpg', 'back.png']);
    expect((await within(list).findAllByRole('img')).map((img) => img.getAttribute('alt'))).toEqual([
      'Photo 1 to upload',
      'Photo 2 to upload',
    ]);
    await app.user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(within(list).getAllByRole('img')).toHaveLength(1);
  });

  it('refuses more than 6 and what is not an image, and keeps what was typed', async () => {
    const app = await openNewRepair();
    await app.user.type(screen.getByLabelText(/^Customer Name/), 'Ravi');
    await app.user.upload(
      photosInput(),
      Array.from({ length: 7 }, (_, i) => photo(`p${i}.jpg`)),
    );
    expect(await screen.findByText(PHOTO_COUNT_MESSAGES.noRoom(6))).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Photos to upload' })).toBeNull();
    // user-event leaves out what `accept` refuses; a browser's "All files" choice does not.
    fireEvent.change(photosInput(), {
      target: {
        files: [photo('notes.pdf', 'application/pdf'), photo('broken.heic', 'image/heic'), photo('ok.jpg')],
      },
    });
    expect(
      await screen.findByText(
        new RegExp(`notes\\.pdf: ${SHOP_MESSAGES.photoNotImage.replace(/[().]/g, '\\$&')}`),
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        new RegExp(`broken\\.heic: ${SHOP_MESSAGES.photoUnreadable.replace(/[().]/g, '\\$&')}`),
      ),
    ).toBeTruthy();
    expect(
      within(await screen.findByRole('list', { name: 'Photos to upload' })).getAllByRole('img'),
    ).toHaveLength(1);
    expect((screen.getByLabelText(/^Customer Name/) as HTMLInputElement).value).toBe('Ravi');
  });

  it('uploads the photos once the repair exists; the repair page shows them', async () => {
    const app = await openNewRepair();
    await fillJobCard(app);
    await app.user.upload(photosInput(), [photo('front.jpg'), photo('back.jpg')]);
    await screen.findByRole('list', { name: 'Photos to upload' });
    await app.user.click(screen.getByRole('button', { name: 'Create Repair' }));
    await screen.findByRole('heading', { level: 1, name: /^SMC/ });
    const list = await screen.findByRole('list', { name: 'Photos of this repair' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Photo 1 of 2: Samsung Galaxy A14', 'Photo 2 of 2: Samsung Galaxy A14']),
    );
    for (const img of within(list).getAllByRole('img'))
      expect(img.getAttribute('src')).toMatch(/^blob:test\//);
  });

  it('keeps the repair when a photo fails to upload, and lets the repair page retry it', async () => {
    const app = await openNewRepair();
    vi.spyOn(app.backend.ports.photos, 'upload').mockRejectedValueOnce(
      new PortError('unavailable', 'The server cannot be reached.'),
    );
    await fillJobCard(app);
    await app.user.upload(photosInput(), [photo('front.jpg'), photo('back.jpg')]);
    await screen.findByRole('list', { name: 'Photos to upload' });
    await app.user.click(screen.getByRole('button', { name: 'Create Repair' }));
    await screen.findByRole('heading', { level: 1, name: /^SMC/ });
    const waiting = await screen.findByRole('list', { name: 'Photos not uploaded' });
    expect(within(waiting).getByText(SHOP_MESSAGES.photoUploadFailed)).toBeTruthy();
    expect(screen.getByText('Not uploaded (1)')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Photos of this repair' })).getAllByRole('img'),
    ).toHaveLength(1);
    await app.user.click(within(waiting).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Photos not uploaded' })).toBeNull());
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Photos of this repair' })).getAllByRole('img'),
      ).toHaveLength(2),
    );
  });
});

describe("the repair page's photos", () => {
  it('opens a photo large, and removes one after confirming', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const { id } = await repairWithPhotos(app, 2);
    const list = await screen.findByRole('list', { name: 'Photos of this repair' });
    await app.user.click(within(list).getByRole('button', { name: 'Open Photo 2 of 2: Samsung Galaxy A14' }));
    const large = await screen.findByRole('dialog', { name: 'Photo 2 of 2: Samsung Galaxy A14' });
    expect(within(large).getByRole('img').getAttribute('src')).toMatch(/^blob:test\//);
    await app.user.keyboard('{Escape}');
    await app.user.click(within(list).getByRole('button', { name: 'Remove photo 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect((await app.backend.ports.shopRepairs.get(id))?.imageUrls).toHaveLength(2);
    await app.user.click(within(list).getByRole('button', { name: 'Remove photo 1' }));
    await app.user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this photo?' })).getByRole('button', {
        name: 'Remove photo',
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Photos of this repair' })).getAllByRole('img'),
      ).toHaveLength(1),
    );
    expect((await app.backend.ports.shopRepairs.get(id))?.imageUrls).toHaveLength(1);
    expect(await seriousA11yViolations()).toEqual([]);
  });

  it('adds photos up to 6 in all, and says when there is no room', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const { id } = await repairWithPhotos(app, 5);
    await app.user.upload(screen.getByLabelText('Add photos'), [photo('a.jpg'), photo('b.jpg')]);
    expect(await screen.findByText(PHOTO_COUNT_MESSAGES.noRoom(1))).toBeTruthy();
    await app.user.upload(screen.getByLabelText('Add photos'), [photo('c.jpg')]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Photos of this repair' })).getAllByRole('img'),
      ).toHaveLength(6),
    );
    expect((await app.backend.ports.shopRepairs.get(id))?.imageUrls).toHaveLength(6);
    expect((screen.getByLabelText('Add photos') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('This repair has 6 photos. Remove one to add another.')).toBeTruthy();
  });

  it('says which photo could not be loaded', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    vi.spyOn(app.backend.ports.photos, 'open').mockRejectedValue(new PortError('unavailable', 'down'));
    await repairWithPhotos(app, 1);
    expect(await screen.findByText(SHOP_MESSAGES.photoLoadFailed)).toBeTruthy();
  });
});

describe("the customer's tracker", () => {
  it('shows the photos the shop took on the web, kept on this device', async () => {
    const app = await renderApp({ path: '/terms', signedInAs: OWNER });
    const created = await app.services.useCases.shop.createRepair('store-sharma-1', {
      ...emptyJobCard(),
      customerName: 'Asha Customer',
      customerMobile: '9876543210',
      deviceType: 'Mobile',
      brandModel: 'Samsung Galaxy A14',
      problems: ['Screen broken'],
      photos: [new Blob([new Uint8Array(10)], { type: 'image/jpeg' })],
    });
    if (!created.ok) throw new Error('create failed');
    await app.services.useCases.accounts.signOut();
    await app.services.useCases.accounts.signIn('customer@demo.test', DEMO_PASSWORD);
    await app.router.navigate({ to: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Customer' });
    await app.user.type(
      screen.getByRole('textbox', { name: /^Enter Repair ID/ }),
      created.value.repair.repairId,
    );
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    // A placeholder while the bytes load, then the image through an object URL.
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: 'Photo 1 of 1: Samsung Galaxy A14' }).getAttribute('src') ?? '',
      ).toMatch(/^blob:test\//),
    );
  });
});
