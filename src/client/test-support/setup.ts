import { configure } from '@testing-library/dom';
// jest-dom's matchers (toBeInTheDocument, toHaveAccessibleDescription, …) for every component test.
import '@testing-library/jest-dom/vitest';

// Lazy pages compile on first import; on a loaded two-core CI machine that can take more than the default
// second, which would make findBy* queries fail for reasons no user would ever see.
configure({ asyncUtilTimeout: 5_000 });
