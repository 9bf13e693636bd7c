// sharp (libvips), loaded when an instance first handles a picture: some 30 MB that an instance
// need not hold until then. Nothing is cached between pictures and one thread works on each, so
// memory stays flat however many pictures pass through.
const importSharp = () =>
  import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
let sharpModule: ReturnType<typeof importSharp> | null = null;

export const loadSharp = () => (sharpModule ??= importSharp());
